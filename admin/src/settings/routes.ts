import { route } from '../routes/types';

export const settingsRoutes = [
  route('/settings/locations', 'Locations', 'locations'),
  route('/settings/plSettings', 'Private Label Settings', 'privateLabel'),
];
