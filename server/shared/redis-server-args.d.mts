// The types of redis-server-args.mjs, which plain Node loads too (scripts/cluster.mjs).
export interface RedisServerOptions {
  port: number;
  /** Its working directory: nothing is saved there, but it must be writable. */
  dir: string;
  /** Clients must then AUTH with it. */
  password?: string;
}

export declare function redisServerArgs(options: RedisServerOptions): string[];
