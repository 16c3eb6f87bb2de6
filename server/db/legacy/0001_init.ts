/** Initial schema: every entity of spec §3, field limits of §9 as CHECK constraints. */
export default /* sql */ `
create extension if not exists pg_trgm;

-- Reference lists ---------------------------------------------------------
create table reference_items (
  list text not null,
  id integer not null,
  name text not null,
  data jsonb not null default '{}',
  primary key (list, id)
);
create table genres (
  id serial primary key,
  name text not null unique,
  slug text not null unique,
  enabled boolean not null default true,
  version integer not null default 1
);
create table sub_genres (
  id serial primary key,
  genre_id integer not null references genres(id),
  name text not null,
  unique (genre_id, name)
);
create table musical_keys (id serial primary key, name text not null unique, camelot text);
create table countries (id serial primary key, code char(2) not null unique, name text not null);
create table states (id serial primary key, country_id integer not null references countries(id), code text not null, name text not null);
create table currencies (id serial primary key, code char(3) not null unique, name text not null);

-- Parties -------------------------------------------------------------------
create table label_managers (
  id serial primary key,
  name text not null,
  enabled boolean not null default true,
  version integer not null default 1
);
create table suppliers (
  id serial primary key,
  name text not null,
  ingester_key text,
  ddex_party_id text check (ddex_party_id is null or ddex_party_id ~ '^PADPIDA[0-9]{10}[A-Z0-9]?$'),
  auto_create_labels boolean not null default false,
  vendor_code text,
  pposp_enrolled boolean not null default false,
  default_exclusive_period integer check (default_exclusive_period in (14, 28, 56)),
  enabled boolean not null default true,
  created_at timestamptz not null default now(),
  version integer not null default 1
);
create table labels (
  id serial primary key,
  name text not null,
  supplier_id integer not null references suppliers(id),
  bio text,
  image_url text,
  hype_trial_start date,
  hype_trial_end date,
  is_available_for_pre_order boolean not null default false,
  default_pre_order_weeks integer not null default 0 check (default_pre_order_weeks between 0 and 4),
  hype_eligible boolean not null default false,
  hype_active boolean not null default false,
  label_manager_id integer references label_managers(id),
  enabled boolean not null default true,
  claimed boolean not null default true,
  temp_username text,
  created_at timestamptz not null default now(),
  version integer not null default 1,
  check (hype_trial_start is null or hype_trial_end is null or hype_trial_start <= hype_trial_end)
);
create table contacts (
  id serial primary key,
  supplier_id integer references suppliers(id),
  label_id integer references labels(id),
  contact_type_id integer,
  first_name text, last_name text, email text, username text,
  phone text, phone_ext text, address1 text, address2 text, city text, postal_code text,
  state_id integer references states(id), country_id integer references countries(id),
  fax text, website text,
  is_primary boolean not null default false,
  version integer not null default 1
);
create table banking (
  id serial primary key,
  supplier_id integer not null references suppliers(id),
  bank_name varchar(45), name_on_account varchar(45), routing_number varchar(45),
  account_number varchar(255), sort_code varchar(45), swift varchar(100), iban varchar(100),
  paypal_email varchar(255), tax_id varchar(45),
  version integer not null default 1
);
create table contracts (
  id serial primary key,
  supplier_id integer references suppliers(id),
  label_id integer references labels(id),
  contract_type_id integer not null,
  commercial_model_id integer,
  start_date date not null,
  end_date date,
  active boolean not null default true,
  version integer not null default 1
);
create table supplier_genre_mappings (
  id serial primary key,
  supplier_id integer not null references suppliers(id),
  source_genre text not null,
  genre_id integer references genres(id),
  restricted boolean not null default false
);
create table supplier_label_mappings (
  id serial primary key,
  supplier_id integer not null references suppliers(id),
  source_label text not null,
  label_id integer references labels(id),
  blacklisted boolean not null default false
);

-- Users -----------------------------------------------------------------------
create table users (
  id serial primary key,
  username text not null unique,
  email text not null,
  password_hash text,
  display_name text,
  first_name text, last_name text,
  app text check (app in ('app:control', 'app:baseware')),
  role text,
  brands text[] not null default '{}',
  features text[] not null default '{}',
  supplier_id integer references suppliers(id),
  label_id integer references labels(id),
  registered_at timestamptz not null default now(),
  last_login timestamptz,
  register_ip text,
  country_id integer references countries(id),
  dj_name text, dj_slug text unique, dj_profile_enabled boolean not null default false,
  dj_is_indexed boolean not null default false,
  is_indexed boolean not null default true,
  decline_transactions boolean not null default false,
  bypass_fraud_checks boolean not null default false,
  billing_disabled boolean not null default false,
  enabled boolean not null default true,
  version integer not null default 1
);

-- Catalogue -------------------------------------------------------------------
create table artists (
  id serial primary key,
  name text not null,
  bio text,
  image_url text,
  muzooka_sync boolean not null default false,
  muzooka_id text,
  user_id integer references users(id),
  created_at timestamptz not null default now(),
  version integer not null default 1,
  check (not muzooka_sync or muzooka_id is not null)
);
create table releases (
  id serial primary key,
  title varchar(250) not null,
  catalog_number text,
  upc varchar(32),
  global_release_id varchar(18),
  label_id integer not null references labels(id),
  supplier_id integer not null references suppliers(id),
  genre_id integer references genres(id),
  release_type_id integer,
  street_date date,
  release_date date,
  new_release_date date,
  pre_order_date date,
  exclusive_date date,
  price_override numeric(10, 2),
  price_override_firm boolean not null default false,
  exclusive_period integer check (exclusive_period in (14, 28, 56)),
  is_available_for_pre_order boolean not null default false,
  default_pre_order_weeks integer not null default 0 check (default_pre_order_weeks between 0 and 4),
  is_explicit boolean not null default false,
  hype_eligible boolean not null default false,
  hype_enabled boolean not null default false,
  encode_status text not null default 'CONVERTED',
  is_dj_edit boolean not null default false,
  is_ugc_remix boolean not null default false,
  is_available_for_streaming boolean not null default true,
  created_at timestamptz not null default now(),
  version integer not null default 1
);
create table release_artists (
  release_id integer not null references releases(id),
  artist_id integer not null references artists(id),
  position integer not null,
  primary key (release_id, artist_id)
);
create table tracks (
  id serial primary key,
  release_id integer not null references releases(id),
  label_id integer not null references labels(id),
  supplier_id integer not null references suppliers(id),
  position integer not null default 1,
  title varchar(250) not null,
  mix_name varchar(128),
  isrc varchar(16),
  bpm integer check (bpm is null or bpm between 20 and 999),
  key_id integer references musical_keys(id),
  genre_id integer references genres(id),
  sub_genre_id integer references sub_genres(id),
  copyright_holder varchar(1000),
  label_track_id text,
  guid uuid not null default gen_random_uuid(),
  encode_status text not null default 'CONVERTED',
  encoded_at timestamptz,
  publish_date date,
  release_date date,
  exclusive_date date,
  free_download_start_date date,
  free_download_end_date date,
  is_available_for_streaming boolean not null default true,
  is_hype boolean not null default false,
  hype_eligible boolean not null default false,
  is_dj_edit boolean not null default false,
  is_ugc_remix boolean not null default false,
  parent_track_id integer references tracks(id),
  enabled boolean not null default true,
  hidden boolean not null default false,
  artist_names text not null default '',
  created_at timestamptz not null default now(),
  version integer not null default 1
);
create table track_artists (
  track_id integer not null references tracks(id),
  artist_id integer not null references artists(id),
  role text not null default 'artist' check (role in ('artist', 'remixer')),
  position integer not null default 1,
  primary key (track_id, artist_id, role)
);
create table track_songwriters (
  id serial primary key,
  track_id integer not null references tracks(id),
  name text not null,
  songwriter_type_id integer
);
create table track_publishers (id serial primary key, track_id integer not null references tracks(id), name text not null);
create table track_publish_dates (
  track_id integer not null references tracks(id),
  country_id integer not null references countries(id),
  commercial_model_id integer not null default 1,
  publish_at timestamptz not null,
  pre_order_at timestamptz,
  takedown_at timestamptz,
  primary key (track_id, country_id, commercial_model_id),
  check (pre_order_at is null or pre_order_at < publish_at),
  check (takedown_at is null or takedown_at > publish_at)
);
create table notes (
  id serial primary key,
  entity text not null,
  entity_id integer not null,
  body text not null,
  author_id integer references users(id),
  created_at timestamptz not null default now()
);

-- Brand content -----------------------------------------------------------------
create table playlists (
  id serial primary key,
  brand text not null,
  name text not null,
  playlist_type_id integer,
  status text not null default 'published',
  is_curated boolean not null default false,
  curated_genre_id integer references genres(id),
  is_public boolean not null default true,
  genre_id integer references genres(id),
  owner_id integer references users(id),
  created_at timestamptz not null default now(),
  version integer not null default 1
);
create table playlist_tracks (
  playlist_id integer not null references playlists(id),
  track_id integer not null references tracks(id),
  position integer not null,
  primary key (playlist_id, track_id)
);
create table link_partners (id serial primary key, name text not null, url text, enabled boolean not null default true, version integer not null default 1);
create table charts (
  id serial primary key,
  brand text not null,
  title varchar(45) not null,
  description text,
  image_url text,
  owner_id integer references users(id),
  dj_name text,
  genre_id integer references genres(id),
  partner_exclusive boolean not null default false,
  playlist_id integer references playlists(id),
  enabled boolean not null default true,
  publish_date date,
  created_at timestamptz not null default now(),
  version integer not null default 1
);
create table chart_tracks (
  chart_id integer not null references charts(id),
  track_id integer not null references tracks(id),
  position integer not null,
  primary key (chart_id, track_id)
);
create table pages (
  id serial primary key,
  brand text not null,
  page_type_id integer not null,
  slug text not null,
  name varchar(255) not null,
  show_primary_nav boolean not null default true,
  start_date date,
  end_date date,
  description text,
  enabled boolean not null default true,
  version integer not null default 1,
  unique (brand, slug),
  check (start_date is null or end_date is null or start_date < end_date)
);
create table page_modules (
  id serial primary key,
  page_id integer not null references pages(id),
  name varchar(250) not null,
  module_type_id integer not null,
  slot text not null check (slot in ('header', 'left', 'right')),
  enabled boolean not null default true,
  start_date date,
  end_date date,
  external_url text,
  available_worldwide boolean not null default true,
  paginated boolean not null default false,
  sponsored_item text,
  guest_pick text,
  version integer not null default 1,
  check (start_date is null or end_date is null or start_date < end_date)
);
create table page_module_items (
  id serial primary key,
  module_id integer not null references page_modules(id),
  position integer not null,
  item_type_id integer not null,
  item_id integer,
  image_url text,
  url text,
  start_date date,
  end_date date
);

-- Commerce ------------------------------------------------------------------------
create table coupons (
  id serial primary key,
  brand text not null,
  code text not null unique,
  discount_type_id integer not null,
  discount_amount numeric(10, 2),
  discount_percentage numeric(5, 2),
  max_usage integer,
  min_order jsonb not null default '{}',
  user_ids integer[] not null default '{}',
  enabled boolean not null default true,
  start_date date,
  end_date date,
  created_at timestamptz not null default now(),
  version integer not null default 1
);
create table credits (
  id serial primary key,
  user_id integer not null references users(id),
  amount numeric(10, 2) not null,
  currency char(3) not null,
  reason_id integer not null,
  created_at timestamptz not null default now()
);
create table orders (
  id serial primary key,
  brand text not null,
  store text not null,
  user_id integer not null references users(id),
  status text not null check (status in ('Open', 'Complete', 'Deleted')),
  voided boolean not null default false,
  purchaser_ip text,
  currency char(3) not null default 'USD',
  subtotal numeric(10, 2) not null default 0,
  tax numeric(10, 2) not null default 0,
  total numeric(10, 2) not null default 0,
  created_at timestamptz not null default now(),
  version integer not null default 1
);
create table order_items (
  id serial primary key,
  order_id integer not null references orders(id),
  track_id integer references tracks(id),
  release_id integer references releases(id),
  price numeric(10, 2) not null,
  availability smallint not null default 1 check (availability in (0, 1, 2)),
  downloads_enabled boolean not null default true,
  refunded_at timestamptz,
  version integer not null default 1
);
create table refunds (
  id serial primary key,
  order_item_id integer not null unique references order_items(id),
  amount numeric(10, 2) not null,
  created_at timestamptz not null default now()
);
create table transactions (
  id serial primary key,
  order_id integer not null references orders(id),
  kind text not null,
  amount numeric(10, 2) not null,
  created_at timestamptz not null default now()
);
create table hype_offers (
  id serial primary key,
  brand text not null,
  label_id integer not null references labels(id),
  name text not null,
  price numeric(10, 2) not null,
  enabled boolean not null default true,
  hype_active boolean not null default false,
  start_date date,
  end_date date,
  version integer not null default 1,
  check (start_date is null or end_date is null or start_date <= end_date)
);
create table hype_purchases (
  id serial primary key,
  brand text not null,
  user_id integer not null references users(id),
  label_id integer not null references labels(id),
  offer_id integer references hype_offers(id),
  amount numeric(10, 2) not null,
  voided boolean not null default false,
  created_at timestamptz not null default now(),
  version integer not null default 1
);
create table idempotency_keys (
  key text primary key,
  user_id integer not null,
  request_hash text not null,
  status integer not null,
  body jsonb not null,
  created_at timestamptz not null default now()
);

-- Live --------------------------------------------------------------------------------
create table host_vendors (id serial primary key, name text not null, enabled boolean not null default true, version integer not null default 1);
create table tracklist_vendors (id serial primary key, name text not null, enabled boolean not null default true, version integer not null default 1);
create table live_streams (
  id serial primary key,
  brand text not null,
  name text not null,
  enabled boolean not null default false,
  is_auto_enabled boolean not null default false,
  start_at timestamptz,
  end_at timestamptz,
  genre_id integer references genres(id),
  host_vendor_id integer references host_vendors(id),
  tracklist_vendor_id integer references tracklist_vendors(id),
  version integer not null default 1,
  check (start_at is null or end_at is null or start_at < end_at)
);
create table live_stream_stages (
  id serial primary key,
  live_stream_id integer not null references live_streams(id),
  name text not null,
  number integer not null check (number between 1 and 5),
  unique (live_stream_id, number)
);

-- Deliveries, jobs, money reports ---------------------------------------------------------
create table deliveries (
  id serial primary key,
  release_id integer references releases(id),
  title text not null,
  artist text not null,
  label_name text not null,
  label_id integer references labels(id),
  genre_id integer references genres(id),
  supplier_id integer not null references suppliers(id),
  source_type_id integer,
  release_status text not null,
  album_action text not null check (album_action in ('insert', 'update', 'delete', 'purge')),
  status_message text,
  xml_file_path text,
  ingested boolean not null default false,
  delivered_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version integer not null default 1
);
create table jobs (
  id serial primary key,
  kind text not null,
  state text not null default 'PENDING' check (state in ('PENDING', 'RUNNING', 'DONE', 'ERROR')),
  child_job_id integer references jobs(id),
  owner_id integer references users(id),
  payload jsonb not null default '{}',
  result jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create table sales_lines (
  id bigserial primary key,
  brand text not null,
  sale_date date not null,
  supplier_id integer not null references suppliers(id),
  label_id integer not null references labels(id),
  release_id integer references releases(id),
  track_id integer references tracks(id),
  store text not null,
  sale_type_id integer not null,
  country_id integer references countries(id),
  quantity integer not null,
  gross numeric(12, 2) not null,
  net numeric(12, 2) not null,
  currency char(3) not null
);
create table statements (
  id serial primary key,
  brand text not null,
  supplier_id integer references suppliers(id),
  label_id integer references labels(id),
  period_start date not null,
  period_end date not null,
  amount numeric(12, 2) not null,
  currency char(3) not null,
  carried_forward boolean not null default false
);

-- Identity provider -----------------------------------------------------------------------
create table oauth_codes (
  code_hash text primary key,
  user_id integer not null references users(id),
  client_id text not null,
  redirect_uri text not null,
  code_challenge text not null,
  scope text not null,
  family_id text not null,
  expires_at timestamptz not null,
  used_at timestamptz
);
create table oauth_tokens (
  token_hash text primary key,
  kind text not null check (kind in ('access', 'refresh')),
  user_id integer not null references users(id),
  client_id text not null,
  family_id text not null,
  scope text not null,
  expires_at timestamptz not null,
  revoked_at timestamptz,
  rotated_at timestamptz,
  created_at timestamptz not null default now()
);
create index oauth_tokens_family on oauth_tokens (family_id);
`;
