// Jest global teardown of the `cluster` project: stops the cluster its global set-up started.
export { stopClusterForTests as default } from './cluster-project.global-setup';
