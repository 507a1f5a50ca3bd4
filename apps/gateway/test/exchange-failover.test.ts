import { describeFailover } from './support/failover-suite';

jest.setTimeout(12 * 60_000);

describeFailover('failover-silent-451', ['silent', '451'], { historyAcrossAnHour: true });
