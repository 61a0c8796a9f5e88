/** The shell paths of the plugin's screens (the remote is mounted at /projets). */
export const BASE_PATH = '/projets';
export const itemPath = (id: string) => `${BASE_PATH}/elements/${id}`;
