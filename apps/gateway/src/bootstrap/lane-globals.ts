import { ApplicationConfig } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AllExceptionsFilter } from '../errors/all-exceptions.filter';
import { ProtectedOperationGuard } from '../operations/protected-operation.guard';
import { QueryValidationPipe } from '../validation/query-validation.pipe';

type Kind = 'guard' | 'pipe' | 'interceptor' | 'exception filter';

/** The app-wide enhancers the lane reproduces, by kind: anything else there the lane would skip. */
const REPRODUCED: Readonly<Record<Kind, readonly (abstract new (...args: never[]) => unknown)[]>> = {
  guard: [ProtectedOperationGuard],
  pipe: [QueryValidationPipe],
  interceptor: [],
  'exception filter': [AllExceptionsFilter],
};

/** Every app-wide enhancer of `app` by kind: `useGlobal*` ones and APP_* providers alike. */
function globalsOf(config: ApplicationConfig): Record<Kind, unknown[]> {
  const instances = <T>(wrappers: readonly { readonly instance: T }[]): T[] =>
    wrappers.map((wrapper) => wrapper.instance);
  return {
    guard: [...config.getGlobalGuards(), ...instances(config.getGlobalRequestGuards())],
    pipe: [...config.getGlobalPipes(), ...instances(config.getGlobalRequestPipes())],
    interceptor: [...config.getGlobalInterceptors(), ...instances(config.getGlobalRequestInterceptors())],
    'exception filter': [...config.getGlobalFilters(), ...instances(config.getGlobalRequestFilters())],
  };
}

/**
 * Throws at start-up if `app` has an app-wide guard, pipe, interceptor or exception filter that
 * the price lane does not reproduce: the lane runs its pipeline as a plain function, so one added
 * later (an APP_INTERCEPTOR, a `useGlobalGuards`) would otherwise be skipped on its routes without
 * a word. Enhancers of a lane route's own are refused by operationRoute.
 */
export function expectLaneReproducesGlobals(app: NestFastifyApplication): void {
  const found = globalsOf(app.get(ApplicationConfig));
  for (const [kind, enhancers] of Object.entries(found) as [Kind, unknown[]][]) {
    const skipped = enhancers.find((enhancer) => !REPRODUCED[kind].some((type) => enhancer instanceof type));
    if (skipped !== undefined) {
      const name =
        typeof skipped === 'object' && skipped !== null ? skipped.constructor.name : typeof skipped;
      throw new Error(
        `The price lane does not run the global ${kind} ${name}: add it to the lane or to REPRODUCED`,
      );
    }
  }
}
