import type { KeyAccount, KeyPrincipal } from '../../entitlements';
import type { ApiKeyRecord } from '../store/api-key-record';

/** A key as authentication reads it: its record, its boosts and its owner's plan. */
export type ApiKeyAccount = KeyAccount<ApiKeyRecord>;

/** The caller an API key authenticated, with the limits that apply to it now. */
export type ApiKeyPrincipal = KeyPrincipal<ApiKeyRecord>;

/** Where ProtectedOperation leaves the principal on the request, for the handlers. */
export interface AuthenticatedRequest {
  apiKey?: ApiKeyPrincipal;
}
