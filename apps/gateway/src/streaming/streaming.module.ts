import { Module } from '@nestjs/common';
import { KeysModule } from '../keys';
import { ChangesModule } from '../changes/changes.module';
import { IndexPriceModule } from '../index-price';
import { MarketDataModule } from '../market-data/market-data.module';
import { ConnectionSlots } from './connection-slots';
import { SnapshotReader, SnapshotSync } from './snapshots';
import { StreamHub } from './stream-hub';
import { StreamLifecycle } from './stream-lifecycle';
import { StreamSessions } from './stream-sessions';
import {
  CurrentKlineGateway,
  CurrentPriceGateway,
  IndexGateway,
  IndexKlinesGateway,
  KlinesGateway,
} from './stream.gateways';
import { WsMetrics } from './ws-metrics';

/**
 * Live WebSocket streams on the three price paths and the index's two (CONTRACT section 6). Needs
 * `app.useWebSocketAdapter(new GatewayWsAdapter(...))`.
 */
@Module({
  imports: [KeysModule, MarketDataModule, IndexPriceModule, ChangesModule],
  providers: [
    WsMetrics,
    ConnectionSlots,
    StreamHub,
    SnapshotReader,
    SnapshotSync,
    StreamSessions,
    StreamLifecycle,
    CurrentPriceGateway,
    KlinesGateway,
    CurrentKlineGateway,
    IndexGateway,
    IndexKlinesGateway,
  ],
})
export class StreamingModule {}
