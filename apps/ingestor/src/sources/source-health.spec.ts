import { SourceHealth } from './source-health';

describe('SourceHealth', () => {
  it('should count a feed that has not delivered yet as dark only once the dark delay has passed since the start', () => {
    const health = new SourceHealth(10_000, 1_000);
    expect(health.state(10_999)).toBe('live');
    expect(health.isLive(10_999)).toBe(false);
    expect(health.state(11_000)).toBe('dark');
  });

  it('should be live after a message and dark after the delay without one', () => {
    const health = new SourceHealth(10_000, 0);
    health.message(5_000);
    expect(health.isLive(14_999)).toBe(true);
    expect(health.state(15_000)).toBe('dark');
  });

  it('should be dark at once when the connection ends, until the next message', () => {
    const health = new SourceHealth(10_000, 0);
    health.message(1_000);
    health.disconnected();
    expect(health.state(1_001)).toBe('dark');
    health.message(2_000);
    expect(health.isLive(2_000)).toBe(true);
  });

  it('should measure how long it has been live since its last dark period', () => {
    const health = new SourceHealth(10_000, 0);
    health.message(1_000);
    health.message(5_000);
    expect(health.liveForMs(6_000)).toBe(5_000);
    health.disconnected();
    expect(health.liveForMs(6_000)).toBe(0);
    health.message(7_000);
    health.message(9_000);
    expect(health.liveForMs(9_000)).toBe(2_000);
    health.message(30_000); // 21 s of silence made it dark in between
    expect(health.liveForMs(30_000)).toBe(0);
  });
});
