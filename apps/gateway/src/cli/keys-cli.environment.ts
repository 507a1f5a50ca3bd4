import { RedisEnvironment } from '@pds/config';

export class KeysCliEnvironment extends RedisEnvironment {}
