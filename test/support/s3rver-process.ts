/**
 * s3rver in a process of its own (test/support/s3-server.ts forks it): a separate server as in a
 * real deployment, started with `--openssl-legacy-provider` because s3rver's ListObjectsV2
 * continuation tokens use DES, which OpenSSL 3 offers only there. Reads its options from argv,
 * answers `{ port }` once listening, stops when its parent disconnects.
 */
import S3rver from 's3rver';

const { directory, buckets } = JSON.parse(process.argv[2]) as { directory: string; buckets: string[] };
const server = new S3rver({
  address: '127.0.0.1', port: 0, silent: true, directory, vhostBuckets: false,
  configureBuckets: buckets.map((name) => ({ name, configs: [] })),
});
const { port } = await server.run();
process.send!({ port });
process.on('disconnect', () => { void server.close().finally(() => process.exit(0)); });
