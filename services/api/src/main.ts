// Entry point: check the Node version before anything that needs Node 24 is even loaded.
import { assertPinnedNode } from './node-guard.js';

assertPinnedNode();
await import('./bootstrap.js');
