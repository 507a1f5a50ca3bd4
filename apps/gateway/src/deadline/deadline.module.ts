import { Module } from '@nestjs/common';
import { DeadlineWatch } from './deadline-watch';

/** The whole-request bound (CONTRACT: a request never hangs), for HTTP requests and stream admissions. */
@Module({ providers: [DeadlineWatch], exports: [DeadlineWatch] })
export class DeadlineModule {}
