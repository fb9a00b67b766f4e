/**
 * @effect/cli answers a mistyped nested subcommand by listing the top-level commands ("use one of
 * 'serve', 'admin', 'classify'"), which misleads. The admin tree is checked first, so a typo is
 * answered with the commands that fit where it was typed.
 */
export const ADMIN_TREE: Readonly<Record<string, ReadonlyArray<string>>> = {
  accounts: ["create", "list", "show", "suspend", "reactivate"],
  keys: ["issue", "revoke"],
  credits: ["grant"],
  "webhook-secret": ["rotate"],
  webhooks: ["list", "redeliver"],
  widgets: ["list"],
  // No subcommands: `admin usage acct_…` takes the account id (and options) directly.
  usage: []
}

/** Options of `spotcast admin` that take a value (the next argument, unless written --x=value). */
const VALUED = new Set(["--url", "--token", "--log-level", "--completions"])

const isHelp = (arg: string) => arg === "-h" || arg === "--help" || arg === "--wizard" || arg === "--version"

/** The words after `admin` that are not options or option values. */
const words = (args: ReadonlyArray<string>) => {
  const out: Array<string> = []
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!
    if (arg.startsWith("-")) {
      if (VALUED.has(arg)) i++
      continue
    }
    out.push(arg)
  }
  return out
}

/** One line naming the right choices when an admin subcommand is mistyped; undefined when all is well. */
export const mistypedAdmin = (argv: ReadonlyArray<string>): string | undefined => {
  const at = argv.indexOf("admin")
  if (at === -1 || argv.slice(0, at).some((a) => !a.startsWith("-") && a !== argv[0] && a !== argv[1])) return undefined
  const rest = argv.slice(at + 1)
  if (rest.some(isHelp)) return undefined
  const [group, command] = words(rest)
  if (group === undefined) return undefined
  const commands = ADMIN_TREE[group]
  if (commands === undefined) {
    return `unknown admin command '${group}'; the admin commands are: ${Object.keys(ADMIN_TREE).join(", ")}`
  }
  if (command !== undefined && commands.length > 0 && !commands.includes(command)) {
    return `unknown command 'admin ${group} ${command}'; 'admin ${group}' has: ${commands.join(", ")}`
  }
  return undefined
}

/** Whether `argv` names an admin group that has commands but none of them (`admin credits`): its help is due. */
export const missingAdminCommand = (argv: ReadonlyArray<string>): boolean => {
  const at = argv.indexOf("admin")
  if (at === -1) return false
  const rest = argv.slice(at + 1)
  if (rest.some(isHelp)) return false
  const [group, command] = words(rest)
  if (group === undefined) return true
  return command === undefined && (ADMIN_TREE[group]?.length ?? 0) > 0
}
