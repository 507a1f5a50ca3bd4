// Changing the plan of a live subscription (POST /api/v1/billing/subscription). An upgrade first
// shows what it charges now (GET /api/v1/billing/subscription/preview) and charges only once the
// person confirms that amount; a downgrade waits for the end of the paid period; a scheduled change
// can be withdrawn by keeping the current plan. Every answer is said beside the plans.
import { account } from './api.js';
import { $, busy, say, sayError, unsay } from './dom.js';
import { inWords } from './words.js';

let confirming = null;
let onChange = async () => {};

export function hidePlanConfirmation() {
  $('plan-confirm').hidden = true;
  confirming = null;
}

/** Asks Stripe (through the service) what the upgrade charges now, and asks the person to confirm it. */
export async function askToUpgrade(button, current, target) {
  await busy(button, async () => {
    try {
      const quote = await account(
        'GET',
        `/api/v1/billing/subscription/preview?plan=${encodeURIComponent(target.id)}`,
      );
      const amount = `${quote.amountDue} ${quote.currency.toUpperCase()}`;
      confirming = { target, amount };
      unsay('plans');
      $('plan-confirm-text').textContent =
        `${target.name} instead of ${current.name}: ${amount} is charged now for the rest of this period. ` +
        `${target.name}’s limits apply as soon as that payment goes through; if it is declined, nothing changes.`;
      $('plan-confirm-pay').textContent = `Pay ${amount} and change to ${target.name}`;
      $('plan-confirm').hidden = false;
      $('plan-confirm-pay').focus();
    } catch (error) {
      sayError('plans', inWords(error, 'changePlan'));
    }
  });
}

async function confirmUpgrade(button) {
  if (!confirming) return;
  const { target, amount } = confirming;
  await busy(button, async () => {
    try {
      await account('POST', '/api/v1/billing/subscription', { plan: target.id });
      hidePlanConfirmation();
      say(
        'plans',
        `Changed to ${target.name}: its limits apply now; ${amount} was charged for the rest of this period.`,
      );
      await onChange();
    } catch (error) {
      hidePlanConfirmation();
      sayError('plans', inWords(error, 'changePlan'));
    }
  });
}

/** A downgrade (scheduled for the period end), or the current plan kept (a scheduled change withdrawn). */
export async function changeLater(button, current, target, pendingName) {
  await busy(button, async () => {
    try {
      const { subscription } = await account('POST', '/api/v1/billing/subscription', { plan: target.id });
      const end = (subscription?.currentPeriodEnd ?? '').slice(0, 10);
      say(
        'plans',
        target.id === current.id
          ? `The change to ${pendingName} is withdrawn; ${current.name} continues.`
          : `${target.name} is scheduled from ${end}, the end of the paid period; ${current.name} stays until then.`,
      );
      await onChange();
    } catch (error) {
      sayError('plans', inWords(error, 'changePlan'));
    }
  });
}

export function wirePlanChanges(refresh) {
  onChange = refresh;
  $('plan-confirm-pay').addEventListener('click', (event) => void confirmUpgrade(event.currentTarget));
  $('plan-confirm-cancel').addEventListener('click', () => {
    hidePlanConfirmation();
    say('plans', 'Nothing was changed or charged.');
  });
}
