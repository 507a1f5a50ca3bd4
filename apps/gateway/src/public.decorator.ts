import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'pds:is-public';

/** Marks a controller or route that needs no API key (health, docs). */
export const Public = (): MethodDecorator & ClassDecorator => SetMetadata(IS_PUBLIC, true);
