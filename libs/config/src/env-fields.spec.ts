import { IsOptional, IsString, MinLength } from 'class-validator';
import { emptyAsUnset } from './env-fields';
import { loadEnvironment } from './load-environment';

class OptionalSecret {
  @emptyAsUnset()
  @IsOptional()
  @IsString()
  @MinLength(16)
  SECRET?: string;
}

describe('emptyAsUnset', () => {
  it('should treat an empty variable as unset when it is optional', () => {
    expect(loadEnvironment(OptionalSecret, { SECRET: '' }).SECRET).toBeUndefined();
  });

  it('should still validate a value that is set', () => {
    expect(() => loadEnvironment(OptionalSecret, { SECRET: 'short' })).toThrow(/SECRET/);
    expect(loadEnvironment(OptionalSecret, { SECRET: 'long-enough-secret' }).SECRET).toBe(
      'long-enough-secret',
    );
  });
});
