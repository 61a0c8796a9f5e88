import { pluginRemoteConfig } from '@comptoir/sdk/rspack';

export default pluginRemoteConfig(`${import.meta.dirname}/..`);
