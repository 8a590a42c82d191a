// Async boundary: the federation runtime settles which copy of each shared singleton (react, ...)
// the page uses before any of them is evaluated; importing them eagerly here would fail.
import('./bootstrap');
