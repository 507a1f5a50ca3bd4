import 'reflect-metadata';
import {
  Controller,
  Get,
  type CallHandler,
  type CanActivate,
  HttpCode,
  type NestInterceptor,
  type PipeTransform,
  Query,
  UseGuards,
  UseInterceptors,
  UsePipes,
} from '@nestjs/common';
import { GUARDS_METADATA, INTERCEPTORS_METADATA, PIPES_METADATA } from '@nestjs/common/constants';
import { Reflector } from '@nestjs/core';
import { RateLimitBucket, RateLimited } from '../entitlements';
import { LANE_OPERATIONS } from '../market-data/prices/price-operations';
import { PricesController } from '../market-data/prices/prices.controller';
import { CurrentKlineQueryDto } from '../market-data/prices/dto/current-kline-query.dto';
import { KlinesQueryDto } from '../market-data/prices/dto/klines-query.dto';
import { PriceQueryDto } from '../market-data/prices/dto/price-query.dto';
import { laneSkipOf, operationRoute } from './operation-route';

class Refuses implements CanActivate {
  canActivate(): boolean {
    return false;
  }
}

class Passes implements PipeTransform, NestInterceptor {
  transform(value: unknown): unknown {
    return value;
  }
  intercept(_context: unknown, next: CallHandler): ReturnType<CallHandler['handle']> {
    return next.handle();
  }
}

@Controller('api/v1/test')
class AddsToItsRoutes {
  @Get('guarded')
  @UseGuards(Refuses)
  @RateLimited(RateLimitBucket.getCurrentPrice)
  guarded(@Query() query: PriceQueryDto): PriceQueryDto {
    return query;
  }

  @Get('piped')
  @UsePipes(Passes)
  @RateLimited(RateLimitBucket.getCurrentPrice)
  piped(@Query() query: PriceQueryDto): PriceQueryDto {
    return query;
  }

  @Get('intercepted')
  @UseInterceptors(Passes)
  @RateLimited(RateLimitBucket.getCurrentPrice)
  intercepted(@Query() query: PriceQueryDto): PriceQueryDto {
    return query;
  }

  @Get('parameter-piped')
  @RateLimited(RateLimitBucket.getCurrentPrice)
  parameterPiped(@Query(Passes) query: PriceQueryDto): PriceQueryDto {
    return query;
  }

  @Get('coded')
  @HttpCode(202)
  @RateLimited(RateLimitBucket.getCurrentPrice)
  coded(@Query() query: PriceQueryDto): PriceQueryDto {
    return query;
  }

  @Get('plain')
  plain(@Query() query: PriceQueryDto): PriceQueryDto {
    return query;
  }
}

@UseGuards(Refuses)
@Controller('api/v1/guarded')
class GuardsEveryRoute {
  @Get('current')
  @RateLimited(RateLimitBucket.getCurrentPrice)
  current(@Query() query: PriceQueryDto): PriceQueryDto {
    return query;
  }
}

describe('operationRoute', () => {
  const reflector = new Reflector();

  it('should find no guard, pipe or interceptor on any route the price lane serves', () => {
    for (const method of LANE_OPERATIONS) {
      const handler = PricesController.prototype[method];
      for (const key of [GUARDS_METADATA, PIPES_METADATA, INTERCEPTORS_METADATA]) {
        expect(reflector.getAllAndMerge(key, [handler, PricesController])).toEqual([]);
      }
      expect(laneSkipOf(PricesController, method)).toBeUndefined();
    }
  });

  it('should read the price operations’ paths, DTOs, buckets and headers from the controller', () => {
    const routes = LANE_OPERATIONS.map((method) => operationRoute(PricesController, method));
    expect(routes.map(({ path, query, bucket }) => ({ path, query, bucket }))).toEqual([
      { path: '/api/v1/prices/current', query: PriceQueryDto, bucket: 'getCurrentPrice' },
      { path: '/api/v1/prices/klines', query: KlinesQueryDto, bucket: 'getKlines' },
      { path: '/api/v1/prices/klines/current', query: CurrentKlineQueryDto, bucket: 'getCurrentKline' },
    ]);
    for (const route of routes) {
      expect(route.headers).toEqual([{ name: 'Content-Type', value: 'application/json; charset=utf-8' }]);
    }
  });

  it.each([
    ['guarded', 'a guard'],
    ['piped', 'a pipe'],
    ['intercepted', 'an interceptor'],
    ['parameterPiped', 'a parameter pipe'],
    ['coded', 'an @HttpCode'],
  ])('should refuse a route with what the lane would skip: %s', (method, what) => {
    expect(() => operationRoute(AddsToItsRoutes, method)).toThrow(
      `AddsToItsRoutes.${method} has ${what}, which the price lane would skip`,
    );
  });

  it('should refuse a route whose controller declares a guard for every route', () => {
    expect(() => operationRoute(GuardsEveryRoute, 'current')).toThrow('has a guard');
  });

  it('should refuse a route without a rate-limit bucket', () => {
    expect(() => operationRoute(AddsToItsRoutes, 'plain')).toThrow('has no rate-limit bucket');
  });
});
