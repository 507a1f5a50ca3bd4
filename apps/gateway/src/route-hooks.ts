/** A route option's hooks as an array to add to (Fastify takes one hook or an array). */
export function hooksOf<Hook>(hooks: Hook | Hook[] | undefined): Hook[] {
  if (hooks === undefined) return [];
  return Array.isArray(hooks) ? [...hooks] : [hooks];
}
