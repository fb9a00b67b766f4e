import { Effect } from "effect"
import { InsufficientBalance } from "../../domain/billing/Ledger.js"
import { InsufficientBalanceAnswer } from "./contract/SpotCastErrors.js"
import { PurchaseUrl } from "./BillingPage.js"

/** A charging request's 402 also says where to buy credits, which is this adapter's setting. */
export const withPurchaseUrl = <A, E, R>(charging: Effect.Effect<A, E, R>) =>
  Effect.catchIf(
    charging,
    (e): e is Extract<E, InsufficientBalance> => e instanceof InsufficientBalance,
    (e) =>
      Effect.flatMap(PurchaseUrl, (purchaseUrl) =>
        Effect.fail(
          new InsufficientBalanceAnswer({ currentBalance: e.currentBalance, requiredCredits: e.requiredCredits, purchaseUrl })
        ))
  )
