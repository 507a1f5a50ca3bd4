import { describeFailover } from './support/failover-suite';

jest.setTimeout(12 * 60_000);

describeFailover('failover-refuse-cut', ['refuse', 'cut'], { historyAcrossAnHour: false });
