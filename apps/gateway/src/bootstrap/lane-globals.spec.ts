import type { CanActivate, NestInterceptor } from '@nestjs/common';
import { ApplicationConfig } from '@nestjs/core';
import type { InstanceWrapper } from '@nestjs/core/injector/instance-wrapper';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AllExceptionsFilter } from '../errors/all-exceptions.filter';
import { ProtectedOperationGuard } from '../operations/protected-operation.guard';
import { QueryValidationPipe } from '../validation/query-validation.pipe';
import { expectLaneReproducesGlobals } from './lane-globals';

/** An instance of `type` without its constructor's collaborators: only its class is checked. */
function instanceOf<T>(type: abstract new (...args: never[]) => T): T {
  return Object.create(type.prototype as object) as T;
}

function wrapped<T>(instance: T): InstanceWrapper<T> {
  return { instance } as InstanceWrapper<T>;
}

/** The gateway's own globals: its APP_GUARD, APP_FILTER and the query pipe. */
function gatewayConfig(): ApplicationConfig {
  const config = new ApplicationConfig();
  config.addGlobalRequestGuard(wrapped(instanceOf(ProtectedOperationGuard)));
  config.addGlobalRequestFilter(wrapped(instanceOf(AllExceptionsFilter)));
  config.useGlobalPipes(new QueryValidationPipe());
  return config;
}

function appWith(config: ApplicationConfig): NestFastifyApplication {
  return { get: () => config } as unknown as NestFastifyApplication;
}

class AuditInterceptor implements NestInterceptor {
  intercept(): never {
    throw new Error('not called');
  }
}

class IpAllowListGuard implements CanActivate {
  canActivate(): boolean {
    return true;
  }
}

describe('expectLaneReproducesGlobals', () => {
  it('should accept the app-wide enhancers the lane runs itself', () => {
    expect(() => {
      expectLaneReproducesGlobals(appWith(gatewayConfig()));
    }).not.toThrow();
  });

  it('should refuse an APP_INTERCEPTOR added later, naming it', () => {
    const config = gatewayConfig();
    config.addGlobalRequestInterceptor(wrapped(new AuditInterceptor()));
    expect(() => {
      expectLaneReproducesGlobals(appWith(config));
    }).toThrow(/global interceptor AuditInterceptor/);
  });

  it('should refuse a guard given to useGlobalGuards, naming it', () => {
    const config = gatewayConfig();
    config.useGlobalGuards(new IpAllowListGuard());
    expect(() => {
      expectLaneReproducesGlobals(appWith(config));
    }).toThrow(/global guard IpAllowListGuard/);
  });
});
