/**
 * The nearby map's moving part: Leaflet with the results clustered by supercluster (drawn as
 * L.divIcon markers, so no image is loaded and no plugin patches L). Only nearby-map.tsx loads this
 * module, through import(), so Leaflet, supercluster and Leaflet's CSS are a chunk of their own
 * that no screen without a map fetches.
 *
 * Pan and zoom (buttons, keyboard, drag, pinch; the wheel is left to the page's scroll). Results
 * closer than a marker's width are one cluster: clicking it zooms in until they part, or, where
 * they never part (the same ~1 km cell), lists them in a popup. Each result's popup links to it.
 * With a tile server its tiles are the base; without one (offline, the local host, CI) a plain
 * base names the towns and suburbs around the centre, most populous first, none overlapping.
 */
import * as L from 'leaflet';
import Supercluster from 'supercluster';
import 'leaflet/dist/leaflet.css';
import type { Point, Units } from '@/lib/places';

export interface MapResult extends Point {
  id: string;
  label: string;
  href: string;
}

export interface MapPlace extends Point {
  name: string;
  population: number;
}

export interface MapOptions {
  centre: Point;
  radiusKm: number;
  results: MapResult[];
  tileUrl: string | null;
  /** The centre's mark and name; null draws neither the mark nor the search circle (the map of one place). */
  centreLabel: string | null;
  /** Towns and suburbs to name on the plain base (ignored over tiles, which name places themselves). */
  places: MapPlace[];
  units: Units;
  /** Follows a link inside the app (a popup's), without reloading the page. */
  navigate: (href: string) => void;
  /** When set, a click on the map (not a drag) chooses that point. */
  pick?: ((point: Point) => void) | null;
}

export interface MapHandle {
  update(options: MapOptions): void;
  destroy(): void;
}

export const MAX_ZOOM = 18;
/** Markers and clusters are this wide; clusters gather whatever is closer than CLUSTER_PX, so none overlap. */
const MARKER_PX = 28;
const CLUSTER_PX = 34;
/** supercluster measures its radius on 512-pixel tiles; Leaflet's are 256. */
const EXTENT = 512;
const PRIMARY = '#15803d';

type Props = { i: number };

const MARKER_CLASS =
  'flex size-7 items-center justify-center rounded-full border-2 border-white bg-primary-700 text-xs font-semibold text-white shadow focus:outline-none focus-visible:ring-4 focus-visible:ring-amber-400';
const CLUSTER_CLASS =
  'flex size-8 items-center justify-center rounded-full border-4 border-primary-200 bg-primary-800 text-xs font-bold text-white shadow focus:outline-none focus-visible:ring-4 focus-visible:ring-amber-400';

function span(className: string, text: string): HTMLSpanElement {
  const el = document.createElement('span');
  el.className = className;
  el.textContent = text;
  return el;
}

/** A link in a popup: followed inside the app on a plain click, opened by the browser otherwise (new tab, copy). */
function linkTo(r: MapResult, n: number, navigate: (href: string) => void): HTMLAnchorElement {
  const a = document.createElement('a');
  a.href = r.href;
  a.className = 'font-semibold text-primary-800 underline';
  a.textContent = `${n}. ${r.label}`;
  a.addEventListener('click', (e) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    navigate(r.href);
  });
  return a;
}

/** The visible area as supercluster's bbox, a little wider so markers at the edge do not pop in. */
function bboxOf(map: L.Map): [number, number, number, number] {
  const b = map.getBounds().pad(0.25);
  const west = b.getWest();
  const east = b.getEast();
  if (east - west >= 360) return [-180, -85, 180, 85];
  return [Math.max(-180, west), Math.max(-85, b.getSouth()), Math.min(180, east), Math.min(85, b.getNorth())];
}

/** Pixel boxes of the labels already placed: a label that would touch one is left out. */
type Box = { x0: number; y0: number; x1: number; y1: number };
const overlaps = (a: Box, b: Box) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

export function mountMap(el: HTMLElement, first: MapOptions): MapHandle {
  let o = first;
  const map = L.map(el, { maxZoom: MAX_ZOOM, minZoom: 2, scrollWheelZoom: false, attributionControl: false, zoomControl: true });
  const labelPane = map.createPane('place-labels');
  labelPane.style.zIndex = '350';
  labelPane.style.pointerEvents = 'none';
  // Names on the base orient a sighted reader; screen readers have the list beside the map.
  labelPane.setAttribute('aria-hidden', 'true');
  const base = L.layerGroup().addTo(map);
  const labels = L.layerGroup().addTo(map);
  const results = L.layerGroup().addTo(map);
  let scale: L.Control.Scale | null = null;
  let index = new Supercluster<Props, Props>({ radius: (CLUSTER_PX * EXTENT) / 256, extent: EXTENT, maxZoom: MAX_ZOOM });

  function drawBase() {
    base.clearLayers();
    el.style.background = o.tileUrl ? '' : 'var(--color-primary-50, #f0fdf4)';
    if (o.tileUrl) L.tileLayer(o.tileUrl, { maxZoom: MAX_ZOOM }).addTo(base);
    if (o.centreLabel !== null) {
      L.circle([o.centre.latitude, o.centre.longitude], {
        radius: o.radiusKm * 1000, color: PRIMARY, weight: 2, dashArray: '6 5', fillColor: '#ffffff', fillOpacity: o.tileUrl ? 0.12 : 0.6, interactive: false,
      }).addTo(base);
      const you = document.createElement('span');
      you.className = 'flex flex-col items-center';
      you.append(span('block size-3.5 rounded-full border-[3px] border-white bg-amber-500 shadow', ''), span('mt-0.5 rounded bg-white/80 px-1 text-xs font-semibold text-gray-900', o.centreLabel));
      L.marker([o.centre.latitude, o.centre.longitude], {
        icon: L.divIcon({ html: you, className: 'nearby-map-centre', iconSize: [80, 36], iconAnchor: [40, 7] }), interactive: false, keyboard: false, zIndexOffset: -1000,
      }).addTo(base);
    }
    scale?.remove();
    scale = L.control.scale({ metric: o.units !== 'imperial', imperial: o.units === 'imperial', position: 'bottomleft' }).addTo(map);
  }

  function drawLabels() {
    labels.clearLayers();
    if (o.tileUrl) return;
    const size = map.getSize();
    const taken: Box[] = [];
    // The centre's own mark and name stay clear.
    if (o.centreLabel !== null) {
      const c = map.latLngToContainerPoint([o.centre.latitude, o.centre.longitude]);
      taken.push({ x0: c.x - 40, y0: c.y - 10, x1: c.x + 40, y1: c.y + 30 });
    }
    const byPopulation = [...o.places].sort((a, b) => b.population - a.population);
    for (const p of byPopulation) {
      const at = map.latLngToContainerPoint([p.latitude, p.longitude]);
      const w = p.name.length * 6.5 + 12;
      const box = { x0: at.x - w / 2, y0: at.y - 9, x1: at.x + w / 2, y1: at.y + 9 };
      if (box.x1 < 0 || box.y1 < 0 || box.x0 > size.x || box.y0 > size.y || taken.some((t) => overlaps(t, box))) continue;
      taken.push(box);
      L.marker([p.latitude, p.longitude], {
        icon: L.divIcon({ html: span('block whitespace-nowrap text-center text-xs text-gray-600 [text-shadow:0_0_3px_#fff]', p.name), className: 'nearby-map-place', iconSize: [w, 18], iconAnchor: [w / 2, 9] }),
        interactive: false, keyboard: false, pane: 'place-labels',
      }).addTo(labels);
    }
  }

  function drawResults() {
    results.clearLayers();
    const zoom = Math.round(map.getZoom());
    for (const f of index.getClusters(bboxOf(map), zoom)) {
      const [lng, lat] = f.geometry.coordinates as [number, number];
      if ('cluster' in f.properties && f.properties.cluster) {
        const id = f.properties.cluster_id;
        const count = f.properties.point_count;
        const marker = L.marker([lat, lng], {
          icon: L.divIcon({ html: span(CLUSTER_CLASS, String(count)), className: 'nearby-map-cluster', iconSize: [32, 32], iconAnchor: [16, 16] }),
          title: `${count} results here`, zIndexOffset: 500,
        }).addTo(results);
        marker.getElement()?.setAttribute('aria-label', `${count} results here: show them`);
        marker.on('click', () => {
          const next = index.getClusterExpansionZoom(id);
          if (next <= MAX_ZOOM) {
            map.setView([lat, lng], next);
            return;
          }
          // The same place at every zoom: list them.
          const list = document.createElement('ul');
          list.className = 'space-y-1';
          for (const leaf of index.getLeaves(id, Infinity)) {
            const n = leaf.properties.i;
            const li = document.createElement('li');
            li.append(linkTo(o.results[n]!, n + 1, o.navigate));
            list.append(li);
          }
          L.popup({ maxHeight: 220 }).setLatLng([lat, lng]).setContent(list).openOn(map);
        });
      } else {
        const n = f.properties.i;
        const r = o.results[n]!;
        const marker = L.marker([r.latitude, r.longitude], {
          icon: L.divIcon({ html: span(MARKER_CLASS, String(n + 1)), className: 'nearby-map-marker', iconSize: [MARKER_PX, MARKER_PX], iconAnchor: [MARKER_PX / 2, MARKER_PX / 2] }),
          title: `${n + 1}. ${r.label}`,
        }).addTo(results);
        marker.getElement()?.setAttribute('aria-label', `${n + 1}. ${r.label}`);
        marker.bindPopup(() => linkTo(r, n + 1, o.navigate));
      }
    }
  }

  function load() {
    index = new Supercluster<Props, Props>({ radius: (CLUSTER_PX * EXTENT) / 256, extent: EXTENT, maxZoom: MAX_ZOOM });
    index.load(o.results.map((r, i) => ({ type: 'Feature', properties: { i }, geometry: { type: 'Point', coordinates: [r.longitude, r.latitude] } })));
  }

  function fit() {
    const around = L.latLng(o.centre.latitude, o.centre.longitude).toBounds(o.radiusKm * 2000);
    map.fitBounds(around, { padding: [6, 6], animate: false });
  }

  load();
  drawBase();
  fit();
  drawLabels();
  drawResults();
  map.on('moveend', () => {
    drawLabels();
    drawResults();
  });
  // Leaflet fires no click after a drag: panning never chooses a point.
  map.on('click', (e: L.LeafletMouseEvent) => o.pick?.({ latitude: e.latlng.lat, longitude: L.Util.wrapNum(e.latlng.lng, [-180, 180], true) }));
  const cursor = () => {
    el.style.cursor = o.pick ? 'crosshair' : '';
  };
  cursor();
  // Leaflet measures its box once: follow the layout (a column that narrows, a rotated phone).
  const resize = typeof ResizeObserver === 'function' ? new ResizeObserver(() => map.invalidateSize()) : null;
  resize?.observe(el);

  return {
    update(next) {
      const moved = next.centre.latitude !== o.centre.latitude || next.centre.longitude !== o.centre.longitude || next.radiusKm !== o.radiusKm;
      const baseChanged = moved || next.tileUrl !== o.tileUrl || next.centreLabel !== o.centreLabel || next.units !== o.units;
      const resultsChanged = next.results !== o.results;
      o = next;
      if (resultsChanged) {
        map.closePopup();
        load();
      }
      if (baseChanged) drawBase();
      cursor();
      if (moved) fit();
      drawLabels();
      drawResults();
    },
    destroy() {
      resize?.disconnect();
      map.remove();
    },
  };
}
