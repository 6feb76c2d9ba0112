/** Query keys of device parameter management: one root, so a command invalidates everything it may change. */
export const DEVICE_PARAMS_KEY = ['device-params'] as const;

export const deviceParamKeys = {
  overview: (stationId: number) => [...DEVICE_PARAMS_KEY, 'overview', stationId] as const,
  commands: (filter: object) => [...DEVICE_PARAMS_KEY, 'commands', filter] as const,
  firmware: [...DEVICE_PARAMS_KEY, 'firmware'] as const,
};
