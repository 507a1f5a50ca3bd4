import { type ArgumentMetadata, Injectable, type PipeTransform } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { getMetadataStorage, validateSync } from 'class-validator';
import { ApiException } from '../../errors/api-exception';
import { QueryMessage } from './query-messages';

/** A query DTO with rules that involve several parameters (checked once each one is valid alone). */
export interface CrossFieldRules {
  crossFieldProblems(): string[];
}

function hasCrossFieldRules(value: object): value is CrossFieldRules {
  return 'crossFieldProblems' in value && typeof value.crossFieldProblems === 'function';
}

/** The order in which the interface lists the parameters, and so the order of the messages. */
const PARAMETER_ORDER = ['symbol', 'interval', 'limit', 'from', 'to'];

function declaredParameters(metatype: new () => object): string[] {
  const metadata = getMetadataStorage().getTargetValidationMetadatas(metatype, '', true, false);
  const names = [...new Set(metadata.map((entry) => entry.propertyName))];
  const rank = (name: string): number => {
    const index = PARAMETER_ORDER.indexOf(name);
    return index === -1 ? PARAMETER_ORDER.length : index;
  };
  return names.sort((a, b) => rank(a) - rank(b));
}

/**
 * Validates a query DTO per CONTRACT section 2: every failing parameter is reported in one 400,
 * messages joined with `; ` in parameter order; a repeated parameter fails; unknown ones are ignored.
 */
@Injectable()
export class QueryValidationPipe implements PipeTransform {
  transform(raw: unknown, metadata: ArgumentMetadata): unknown {
    const metatype = metadata.metatype as (new () => object) | undefined;
    if (metadata.type !== 'query' || !metatype) return raw;
    const query = (raw ?? {}) as Record<string, unknown>;
    const problems: string[] = [];
    const single: Record<string, unknown> = {};
    const parameters = declaredParameters(metatype);
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
    return dto;
  }
}

/** Reports failures in the order the parameters are declared, whatever order they were found in. */
function ordered(problems: string[], parameters: string[]): string[] {
  const rank = (problem: string): number => {
    const index = parameters.findIndex((name) => problem.startsWith(`${name} `));
    return index === -1 ? parameters.length : index;
  };
  return [...problems].sort((a, b) => rank(a) - rank(b));
}
