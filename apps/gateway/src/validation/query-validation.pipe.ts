import { type ArgumentMetadata, Injectable, type PipeTransform } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { ApiException } from '../errors/api-exception';
import { declaredFields, hasCrossFieldRules } from './cross-field-rules';
import { QueryMessage } from './query-messages';

/** Distinct valid queries remembered per DTO; past that the memory starts again. */
const MAX_REMEMBERED_QUERIES = 1000;

/** The order in which the interface lists the parameters, and so the order of the messages. */
const PARAMETER_ORDER = ['symbol', 'interval', 'limit', 'from', 'to'];

const parametersOf = new WeakMap<new () => object, string[]>();

function declaredParameters(metatype: new () => object): string[] {
  let parameters = parametersOf.get(metatype);
  if (!parameters) {
    parameters = readDeclaredParameters(metatype);
    parametersOf.set(metatype, parameters);
  }
  return parameters;
}

function readDeclaredParameters(metatype: new () => object): string[] {
  const names = declaredFields(metatype);
  const rank = (name: string): number => {
    const index = PARAMETER_ORDER.indexOf(name);
    return index === -1 ? PARAMETER_ORDER.length : index;
  };
  return names.sort((a, b) => rank(a) - rank(b));
}

/**
 * Validates a query DTO per CONTRACT section 2: every failing parameter is reported in one 400,
 * messages joined with `; ` in parameter order; a repeated parameter fails; unknown ones are ignored.
 * A query valid before gets the same (frozen) DTO again without running the validators: the rules
 * are pure functions of the parameter values.
 */
@Injectable()
export class QueryValidationPipe implements PipeTransform {
  /** Valid queries seen before, by DTO and parameter values: the same query is checked once. */
  private readonly validQueries = new WeakMap<new () => object, Map<string, object>>();

  transform(raw: unknown, metadata: ArgumentMetadata): unknown {
    const metatype = metadata.metatype as (new () => object) | undefined;
    if (metadata.type !== 'query' || !metatype) return raw;
    const query = (raw ?? {}) as Record<string, unknown>;
    const parameters = declaredParameters(metatype);
    let known = this.validQueries.get(metatype);
    if (!known) {
      known = new Map();
      this.validQueries.set(metatype, known);
    }
    // No declared parameter given (e.g. /prices/current) is the commonest query: no key to build.
    const key = parameters.some((name) => query[name] !== undefined)
      ? JSON.stringify(parameters.map((name) => query[name] ?? null))
      : '';
    const seen = known.get(key);
    if (seen) return seen;
    const dto = validate(metatype, query, parameters);
    if (known.size >= MAX_REMEMBERED_QUERIES) known.clear();
    known.set(key, dto);
    return dto;
  }
}

/** The DTO of a valid query; a 400 ApiException naming every failing parameter otherwise. */
function validate(metatype: new () => object, query: Record<string, unknown>, parameters: string[]): object {
  const problems: string[] = [];
  const single: Record<string, unknown> = {};
  for (const name of parameters) {
    const value = query[name];
    if (Array.isArray(value)) problems.push(QueryMessage.repeated(name));
    else if (value !== undefined) single[name] = value;
  }
  const dto = plainToInstance(metatype, single);
  const errors = validateSync(dto, { stopAtFirstError: true, forbidUnknownValues: false });
  const repeated = new Set(parameters.filter((name) => Array.isArray(query[name])));
  for (const error of errors) {
    if (repeated.has(error.property)) continue;
    problems.push(...Object.values(error.constraints ?? {}).slice(0, 1));
  }
  if (problems.length === 0 && hasCrossFieldRules(dto)) problems.push(...dto.crossFieldProblems());
  if (problems.length > 0) throw ApiException.validation(ordered(problems, parameters));
  return Object.freeze(dto);
}

/** Reports failures in the order the parameters are declared, whatever order they were found in. */
function ordered(problems: string[], parameters: string[]): string[] {
  const rank = (problem: string): number => {
    const index = parameters.findIndex((name) => problem.startsWith(`${name} `));
    return index === -1 ? parameters.length : index;
  };
  return [...problems].sort((a, b) => rank(a) - rank(b));
}
