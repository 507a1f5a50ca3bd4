/**
 * Lua that defines `prune_boosts(hash, now, latest)`, for the scripts that grant a boost to a key or
 * to an account: drops the expired boosts of the hash and returns how many stay active and the
 * latest expiry among them and `latest`, so the hash can expire with its last boost.
 */
export const LUA_PRUNE_BOOSTS = `
local function prune_boosts(hash, now, latest)
  local active = 0
  local boosts = redis.call('HGETALL', hash)
  for index = 1, #boosts, 2 do
    local ok, boost = pcall(cjson.decode, boosts[index + 1])
    local expiresAt = ok and type(boost) == 'table' and tonumber(boost.expiresAt) or 0
    if expiresAt <= now then
      redis.call('HDEL', hash, boosts[index])
    else
      active = active + 1
      if expiresAt > latest then latest = expiresAt end
    end
  end
  return active, latest
end
`;
