import type { components } from '../generated/openapi';
import type { RestContext } from './price-operations';
import { send } from './send';

type Schemas = components['schemas'];

/** The operator's operations (`Authorization: Bearer <ADMIN_TOKEN>`): keys and boosts of anyone. */
export function adminOperations({ api, credentials, retry }: RestContext) {
  const admin = () => ({ headers: credentials.adminHeaders() });
  const onKey = (id: string) => ({ ...admin(), params: { path: { id } } });
  return {
    createApiKey: (body: Schemas['CreateApiKeyDto']) =>
      send(() => api.POST('/api/v1/api-keys', { ...admin(), body }), retry),
    listApiKeys: () => send(() => api.GET('/api/v1/api-keys', admin()), retry),
    revokeApiKey: (id: string) => send(() => api.DELETE('/api/v1/api-keys/{id}', onKey(id)), retry),
    grantBoost: (id: string, body: Schemas['GrantBoostDto']) =>
      send(() => api.POST('/api/v1/api-keys/{id}/boosts', { ...onKey(id), body }), retry),
    listApiKeyBoosts: (id: string) => send(() => api.GET('/api/v1/api-keys/{id}/boosts', onKey(id)), retry),
    endBoost: (id: string, boostId: string) =>
      send(
        () =>
          api.DELETE('/api/v1/api-keys/{id}/boosts/{boostId}', {
            ...admin(),
            params: { path: { id, boostId } },
          }),
        retry,
      ),
    grantAccountBoost: (accountId: string, body: Schemas['GrantBoostDto']) =>
      send(() => api.POST('/api/v1/accounts/{id}/boosts', { ...onKey(accountId), body }), retry),
  };
}
