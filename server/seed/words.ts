/** Word lists the seed builds names from (deterministically). */
export const TITLE_WORDS = [
  'Midnight', 'Echoes', 'Pulse', 'Gravity', 'Sunrise', 'Velvet', 'Neon', 'Horizon', 'Shadow', 'Fever', 'Motion',
  'Signal', 'Crystal', 'Thunder', 'Orbit', 'Silk', 'Voltage', 'Mirage', 'Ember', 'Tide', 'Cascade', 'Rhythm',
  'Phantom', 'Solstice', 'Delta', 'Aurora', 'Spiral', 'Static', 'Harbor', 'Nomad', 'Prism', 'Vortex', 'Lunar',
  'Circuit', 'Sahara', 'Monsoon', 'Obsidian', 'Tempest', 'Reverie', 'Paradox', 'Zenith', 'Mercury', 'Cobalt',
  'Serenade', 'Labyrinth', 'Heatwave', 'Afterglow', 'Daybreak', 'Undertow', 'Firefly', 'Kaleidoscope', 'Low End',
  'Deep Water', 'Higher', 'Falling', 'Rise', 'Loop', 'Groove', 'Bassline', 'Machine', 'Heart', 'Fire',
];
export const MIX_NAMES = ['Original Mix', 'Extended Mix', 'Radio Edit', 'Dub Mix', 'Club Mix', 'Remix', 'Instrumental', 'VIP Mix'];
export const FIRST_NAMES = [
  'Luca', 'Nina', 'Kai', 'Mira', 'Omar', 'Sofia', 'Felix', 'Ava', 'Theo', 'Lena', 'Marco', 'Zara', 'Jonas', 'Iris',
  'Diego', 'Yuki', 'Amara', 'Hugo', 'Elena', 'Noah', 'Tariq', 'Freya', 'Ravi', 'Chloe', 'Mateo', 'Ines',
];
export const LAST_NAMES = [
  'Vega', 'Stone', 'Kraft', 'Moreau', 'Santos', 'Berg', 'Okoro', 'Nakamura', 'Rossi', 'Weber', 'Silva', 'Haas',
  'Novak', 'Laurent', 'Costa', 'Fischer', 'Ahmed', 'Lindgren', 'Petrov', 'Kim', 'Brandt', 'Duarte',
];
export const ARTIST_WORDS = ['DJ', 'MC', 'The', 'Project', 'Collective', 'Sound System', 'Unit', 'Crew', 'Duo', 'Trio'];
export const LABEL_WORDS = [
  'Records', 'Recordings', 'Music', 'Audio', 'Sounds', 'Trax', 'Underground', 'Digital', 'Black', 'White', 'Deep',
  'Electric', 'Future', 'Analog', 'Warehouse', 'Basement', 'Rooftop', 'Sunset', 'Tribal', 'Moon',
];
export const SUPPLIER_NAMES = [
  'Northwind Distribution', 'Pulse Digital Supply', 'Label Worx Ltd', 'Fuga Connect', 'Proton Distribution',
  'Believe Dance', 'Symphonic Electronic', 'Kontor New Media', 'Armada Supply', 'Toolroom Distribution',
  'Hyperdub Services', 'Ninja Tune Distribution',
];

/** Demo rows of the vendor, partner and label-manager tables. */
export const HOST_VENDORS = ['Twitch', 'YouTube Live', 'Mixcloud Live', 'Restream'];
export const TRACKLIST_VENDORS = ['1001Tracklists', 'Shazam', 'ACRCloud'];
export const LINK_PARTNERS = ['Rekordbox', 'Serato', 'Traktor', 'VirtualDJ', 'djay', 'Engine DJ'];
export const LABEL_MANAGERS = ['Alex Moreno', 'Priya Shah', 'Jonas Becker', 'Maya Okafor', 'Tom Lindqvist'];
