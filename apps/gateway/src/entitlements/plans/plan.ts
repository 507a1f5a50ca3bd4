// The plans and boosts on sale are defined once, in the lib the billing reconciliation reads too.
export { type BoostProduct, FREE_PLAN_ID, type Plan, type Price } from '@pds/billing';
