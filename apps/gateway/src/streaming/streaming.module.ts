import { Module } from '@nestjs/common';
import { WsMetrics } from '../metrics/ws-metrics';
import { ConnectionLeases } from './connection-lease.service';
import { CurrentKlineGateway } from './current-kline.gateway';
import { CurrentPriceGateway } from './current-price.gateway';
import { FanOutService } from './fan-out.service';
import { KlinesGateway } from './klines.gateway';
import { SnapshotReader } from './snapshot-reader';
import { SnapshotSync } from './snapshot-sync.service';
import { StreamLifecycle } from './stream-lifecycle.service';
import { StreamSessions } from './stream-sessions.service';

/**
 * Live WebSocket streams on the three price paths (CONTRACT section 6). Uses what the global
 * AppModule and StorageModule export: environment, logger, Authenticator, ChangeSubscriber,
 * MarketDataService, Redis, RedisKeys and the metrics Registry. Needs `app.useWebSocketAdapter(new WsAdapter(app))`.
 */
@Module({
  providers: [
    WsMetrics,
    ConnectionLeases,
    FanOutService,
    SnapshotReader,
    SnapshotSync,
    StreamSessions,
    StreamLifecycle,
    CurrentPriceGateway,
    KlinesGateway,
    CurrentKlineGateway,
  ],
})
export class StreamingModule {}
