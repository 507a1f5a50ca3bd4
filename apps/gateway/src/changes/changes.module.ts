import { Module } from '@nestjs/common';
import { ChangeSubscriber } from './change-subscriber';

/** The process's one Redis subscriber, shared by the key cache, the market mirror and the streams. */
@Module({
  providers: [ChangeSubscriber],
  exports: [ChangeSubscriber],
})
export class ChangesModule {}
