import { getMetadataStorage } from 'class-validator';

/** A DTO with rules that involve several fields (checked once each one is valid alone). */
export interface CrossFieldRules {
  crossFieldProblems(): string[];
}

export function hasCrossFieldRules(value: object): value is CrossFieldRules {
  return 'crossFieldProblems' in value && typeof value.crossFieldProblems === 'function';
}

/** The DTO's validated fields in declaration order, each once. */
export function declaredFields(metatype: new () => object): string[] {
  const metadata = getMetadataStorage().getTargetValidationMetadatas(metatype, '', true, false);
  return [...new Set(metadata.map((entry) => entry.propertyName))];
}
