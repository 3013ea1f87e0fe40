import { expect } from '@open-wc/testing';
import { FakeClock } from '../../client/testing/fake-clock.js';
import { describe, it } from '../../client/testing/mocha.js';
import {
  CACHE_DEDUPE_MS,
  DedupedReads,
  isSlowNetwork,
  loadingTimeoutMs,
  retryIntervalMs,
} from './data-fetching.js';

describe('the spec’s data-fetching timings', () => {
  it('retry interval 5 s and loading timeout 3 s, 10 s and 5 s on a slow network', () => {
    expect([retryIntervalMs(false), retryIntervalMs(true)]).to.deep.equal([5000, 10_000]);
    expect([loadingTimeoutMs(false), loadingTimeoutMs(true)]).to.deep.equal([3000, 5000]);
  });

  it('a network is slow on 2G or slower, or when the guest saves data', () => {
    expect(isSlowNetwork({ effectiveType: 'slow-2g' })).to.equal(true);
    expect(isSlowNetwork({ effectiveType: '2g' })).to.equal(true);
    expect(isSlowNetwork({ effectiveType: '4g', saveData: true })).to.equal(true);
    expect(isSlowNetwork({ effectiveType: '3g' })).to.equal(false);
    expect(isSlowNetwork({ effectiveType: '4g' })).to.equal(false);
    expect(isSlowNetwork(undefined)).to.equal(false);
  });

  it('the same read within 2 s shares one request; after 2 s, or after a failure, it is sent again', async () => {
    const clock = new FakeClock();
    const reads = new DedupedReads<string>(() => clock.now());
    let sent = 0;
    const read = () => {
      sent += 1;
      return Promise.resolve(`answer ${sent}`);
    };
    expect(await reads.get('a', read)).to.equal('answer 1');
    await clock.tick(CACHE_DEDUPE_MS - 1);
    expect(await reads.get('a', read)).to.equal('answer 1');
    expect(await reads.get('b', read)).to.equal('answer 2');
    await clock.tick(1);
    expect(await reads.get('a', read)).to.equal('answer 3');
    const failing = () => {
      sent += 1;
      return Promise.reject(new Error('unreachable'));
    };
    const failed = await reads.get('c', failing).catch((error: Error) => error.message);
    expect(failed).to.equal('unreachable');
    expect(await reads.get('c', read)).to.equal('answer 5');
  });
});
