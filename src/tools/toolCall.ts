/** What a tool's call may want besides its answer: to hear how far a long search has come. */
import type { Progress } from '../search/shard.js';

export interface ToolCall {
  readonly progress?: Progress;
}
