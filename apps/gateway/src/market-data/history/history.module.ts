import { Module } from '@nestjs/common';
import { CoverageReader } from './coverage.reader';
import { HistoryQueueClient } from './history-queue.client';
import { HistoryReadThrough } from './history-read-through';

/** getKlines read-through: the gateway asks the cache workers for history; it never calls the exchange. */
@Module({
  providers: [CoverageReader, HistoryQueueClient, HistoryReadThrough],
  exports: [HistoryReadThrough],
})
export class HistoryModule {}
