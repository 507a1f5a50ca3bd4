import { type ArgumentMetadata, Injectable, type PipeTransform } from '@nestjs/common';
import { ApiException } from '../errors/api-exception';
import { validateBody } from './body-validation';

/** `@Body(BodyValidationPipe)`: a 400 VALIDATION_ERROR naming every failing field, joined by `; `. */
@Injectable()
export class BodyValidationPipe implements PipeTransform {
  transform(raw: unknown, metadata: ArgumentMetadata): unknown {
    const metatype = metadata.metatype as (new () => object) | undefined;
    if (metadata.type !== 'body' || !metatype) return raw;
    const result = validateBody(metatype, raw);
    if (!result.valid) throw ApiException.validation(result.problems);
    return result.value;
  }
}
