let last = 0;

/**
 * A number for each channel message as it arrives, and for each moment a connection goes live, in one
 * process-wide order: a connection skips the updates that arrived before its snapshot was sent (the
 * snapshot supersedes them), even when they are written out later, batched with newer ones.
 */
export function nextArrival(): number {
  last += 1;
  return last;
}
