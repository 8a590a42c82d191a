// jsdom for the unit tests of components that are clicked and typed into (Testing Library): a file opts
// in with the docblock `@jest-environment ./libs/testing/src/jest-environment-dom.mjs`. jsdom leaves out
// what Node has and the browser libraries expect (react-router reads TextEncoder when it loads).
import { TextDecoder, TextEncoder } from 'node:util';
import { TestEnvironment } from 'jest-environment-jsdom';

export default class DomEnvironment extends TestEnvironment {
  async setup() {
    await super.setup();
    Object.assign(this.global, { TextEncoder, TextDecoder });
  }
}
