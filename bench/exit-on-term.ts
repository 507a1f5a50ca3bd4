/** A baseline server ends normally on SIGTERM, so Node writes the CPU profile --cpu-prof asked for. */
export function exitOnTerm(): void {
  process.once('SIGTERM', () => {
    process.exit(0);
  });
}
