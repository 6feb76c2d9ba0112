import type { TestProject } from 'vitest/node';
import { startServer } from './server';
import './browser';

/** One server for all browser tests. */
export default async function setup(project: TestProject) {
  const server = await startServer();
  project.provide('baseUrl', server.baseUrl);
  return () => server.stop();
}
