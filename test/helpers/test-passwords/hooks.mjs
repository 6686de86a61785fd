// Module resolution hook (see register.mjs): '@node-rs/argon2' resolves to argon2.mjs here, except
// for argon2.mjs itself, which reads the real package.
const shim = new URL('./argon2.mjs', import.meta.url).href;

export async function resolve(specifier, context, next) {
  if (specifier === '@node-rs/argon2' && context.parentURL !== shim) return { url: shim, shortCircuit: true };
  return next(specifier, context);
}
