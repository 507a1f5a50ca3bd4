import type { components } from '../generated/openapi';
import type { RestContext } from './price-operations';
import { send } from './send';

type Schemas = components['schemas'];

/** What verifyEmail, login and refresh answer, as openapi-fetch resolves it. */
interface SignInOutcome {
  readonly data?: Schemas['AccessTokenDto'];
  readonly error?: unknown;
  readonly response: Response;
}

/**
 * The `auth` area. A sign-in (`verifyEmail`, `login`, `refresh`) keeps its access token in the
 * client, so the account calls after it are authenticated.
 */
function authOperations({ api, credentials, retry }: RestContext) {
  const signedIn = async (call: () => Promise<SignInOutcome>) => {
    const result = await send(call, retry);
    credentials.accessToken = result.data.accessToken;
    credentials.keepRefreshCookie(result.headers);
    return result;
  };
  return {
    register: (body: Schemas['RegisterDto']) =>
      send(() => api.POST('/api/v1/auth/register', { body }), retry),
    /** A new verification link for an account not verified yet (202 whatever the email). */
    resendVerification: (body: Schemas['ResendVerificationDto']) =>
      send(() => api.POST('/api/v1/auth/verify-email/resend', { body }), retry),
    /**
     * Confirms the email with the mailed token and the password given at sign-up, and signs in as
     * `login` does (the access token is kept for the account calls after it).
     */
    verifyEmail: (body: Schemas['VerifyEmailDto']) =>
      signedIn(() => api.POST('/api/v1/auth/verify-email', { body })),
    login: (body: Schemas['LoginDto']) => signedIn(() => api.POST('/api/v1/auth/login', { body })),
    refresh: () =>
      signedIn(() => api.POST('/api/v1/auth/refresh', { headers: credentials.refreshHeaders() })),
    logout: async () => {
      const result = await send(
        () => api.POST('/api/v1/auth/logout', { headers: credentials.refreshHeaders() }),
        retry,
      );
      credentials.accessToken = undefined;
      credentials.refreshCookie = undefined;
      return result;
    },
    forgotPassword: (body: Schemas['ForgotPasswordDto']) =>
      send(() => api.POST('/api/v1/auth/password/forgot', { body }), retry),
    resetPassword: (body: Schemas['ResetPasswordDto']) =>
      send(() => api.POST('/api/v1/auth/password/reset', { body }), retry),
  };
}

/** The account areas (tags `auth`, `api-keys`, `boosts`, `billing`). */
export function accountOperations(context: RestContext) {
  const { api, credentials, retry } = context;
  const session = () => ({ headers: credentials.sessionHeaders() });
  return {
    auth: authOperations(context),
    account: {
      get: () => send(() => api.GET('/api/v1/account', session()), retry),
    },
    apiKeys: {
      /** The account's keys (session). */
      list: () => send(() => api.GET('/api/v1/account/api-keys', session()), retry),
      /** A new key for the account; `data.key` is shown only here. */
      create: (body: Schemas['CreateAccountApiKeyDto']) =>
        send(() => api.POST('/api/v1/account/api-keys', { ...session(), body }), retry),
      revoke: (id: string) =>
        send(
          () => api.DELETE('/api/v1/account/api-keys/{id}', { ...session(), params: { path: { id } } }),
          retry,
        ),
      /** The API key's own view of itself: limits, boosts, usage (authenticated with the key). */
      me: () => send(() => api.GET('/api/v1/api-keys/me', { headers: credentials.apiKeyHeaders() }), retry),
    },
    boosts: {
      /** The API key's active boosts (authenticated with the key). */
      listOwn: () => send(() => api.GET('/api/v1/boosts', { headers: credentials.apiKeyHeaders() }), retry),
    },
    billing: {
      /** The plans and boosts on sale (public). */
      listPlans: () => send(() => api.GET('/api/v1/billing/plans'), retry),
      startCheckout: (body: Schemas['CheckoutDto']) =>
        send(() => api.POST('/api/v1/billing/checkout', { ...session(), body }), retry),
      startBoostCheckout: (body: Schemas['BoostCheckoutDto']) =>
        send(() => api.POST('/api/v1/billing/boosts/checkout', { ...session(), body }), retry),
      openPortal: () => send(() => api.POST('/api/v1/billing/portal', session()), retry),
      /** What a change to `plan` charges now and when it applies (an upgrade: the prorated charge). */
      previewPlanChange: (plan: string) =>
        send(
          () =>
            api.GET('/api/v1/billing/subscription/preview', { ...session(), params: { query: { plan } } }),
          retry,
        ),
      /**
       * Changes the live subscription's plan: an upgrade once its prorated charge is paid
       * (`PaymentRequiredError` when the card is declined), a downgrade at the period end.
       */
      changePlan: (body: Schemas['ChangePlanDto']) =>
        send(() => api.POST('/api/v1/billing/subscription', { ...session(), body }), retry),
      /** The account's invoices, newest first. */
      listInvoices: () => send(() => api.GET('/api/v1/billing/invoices', session()), retry),
    },
  };
}
