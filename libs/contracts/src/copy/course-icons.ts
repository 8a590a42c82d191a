// The icon of each course of the public catalogue, drawn as SVG (issue 18 §5: emoji render as empty
// boxes where no colour-emoji font is installed, as on many Linux lab machines). One source for the
// landing page's cards and dialog (inline <svg>) and the API's syllabus banner (image.svg).
// The shapes are Lucide's (https://lucide.dev, ISC licence), 24×24, drawn with a 2 px round stroke.

/** An SVG element: its tag and attributes. */
export type IconNode = readonly [tag: 'path' | 'circle' | 'rect' | 'line', attributes: Readonly<Record<string, string>>];

export const COURSE_ICONS = {
  compass: [['circle',{cx:'12',cy:'12',r:'10'}],['path',{d:'m16.24 7.76-1.804 5.411a2 2 0 0 1-1.265 1.265L7.76 16.24l1.804-5.411a2 2 0 0 1 1.265-1.265z'}]],
  palette: [['path',{d:'M12 22a1 1 0 0 1 0-20 10 9 0 0 1 10 9 5 5 0 0 1-5 5h-2.25a1.75 1.75 0 0 0-1.4 2.8l.3.4a1.75 1.75 0 0 1-1.4 2.8z'}],['circle',{cx:'13.5',cy:'6.5',r:'.5',fill:'currentColor'}],['circle',{cx:'17.5',cy:'10.5',r:'.5',fill:'currentColor'}],['circle',{cx:'6.5',cy:'12.5',r:'.5',fill:'currentColor'}],['circle',{cx:'8.5',cy:'7.5',r:'.5',fill:'currentColor'}]],
  wrench: [['path',{d:'M14.7 6.3a1 1 0 0 0 0 1.4l1.6 1.6a1 1 0 0 0 1.4 0l3.106-3.105c.32-.322.863-.22.983.218a6 6 0 0 1-8.259 7.057l-7.91 7.91a1 1 0 0 1-2.999-3l7.91-7.91a6 6 0 0 1 7.057-8.259c.438.12.54.662.219.984z'}]],
  laptop: [['path',{d:'M18 5a2 2 0 0 1 2 2v8.526a2 2 0 0 0 .212.897l1.068 2.127a1 1 0 0 1-.9 1.45H3.62a1 1 0 0 1-.9-1.45l1.068-2.127A2 2 0 0 0 4 15.526V7a2 2 0 0 1 2-2z'}],['path',{d:'M20.054 15.987H3.946'}]],
  monitor: [['rect',{width:'20',height:'14',x:'2',y:'3',rx:'2'}],['line',{'x1':'8','x2':'16','y1':'21','y2':'21'}],['line',{'x1':'12','x2':'12','y1':'17','y2':'21'}]],
  'trending-up': [['path',{d:'M16 7h6v6'}],['path',{d:'m22 7-8.5 8.5-5-5L2 17'}]],
  rocket: [['path',{d:'M12 15v5s3.03-.55 4-2c1.08-1.62 0-5 0-5'}],['path',{d:'M4.5 16.5c-1.5 1.26-2 5-2 5s3.74-.5 5-2c.71-.84.7-2.13-.09-2.91a2.18 2.18 0 0 0-2.91-.09'}],['path',{d:'M9 12a22 22 0 0 1 2-3.95A12.88 12.88 0 0 1 22 2c0 2.72-.78 7.5-6 11a22.4 22.4 0 0 1-4 2z'}],['path',{d:'M9 12H4s.55-3.03 2-4c1.62-1.08 5 .05 5 .05'}]],
  globe: [['circle',{cx:'12',cy:'12',r:'10'}],['path',{d:'M12 2a14.5 14.5 0 0 0 0 20 14.5 14.5 0 0 0 0-20'}],['path',{d:'M2 12h20'}]],
  megaphone: [['path',{d:'M11 6a13 13 0 0 0 8.4-2.8A1 1 0 0 1 21 4v12a1 1 0 0 1-1.6.8A13 13 0 0 0 11 14H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2z'}],['path',{d:'M6 14a12 12 0 0 0 2.4 7.2 2 2 0 0 0 3.2-2.4A8 8 0 0 1 10 14'}],['path',{d:'M8 6v8'}]],
  star: [['path',{d:'M11.525 2.295a.53.53 0 0 1 .95 0l2.31 4.679a2.123 2.123 0 0 0 1.595 1.16l5.166.756a.53.53 0 0 1 .294.904l-3.736 3.638a2.123 2.123 0 0 0-.611 1.878l.882 5.14a.53.53 0 0 1-.771.56l-4.618-2.428a2.122 2.122 0 0 0-1.973 0L6.396 21.01a.53.53 0 0 1-.77-.56l.881-5.139a2.122 2.122 0 0 0-.611-1.879L2.16 9.795a.53.53 0 0 1 .294-.906l5.165-.755a2.122 2.122 0 0 0 1.597-1.16z'}]],
} as const satisfies Record<string, readonly IconNode[]>;

export const COURSE_ICON_NAMES = Object.keys(COURSE_ICONS) as [CourseIcon, ...CourseIcon[]];
export type CourseIcon = keyof typeof COURSE_ICONS;

/** The attributes every course icon is drawn with (Lucide's). */
export const ICON_STROKE = { fill: 'none', stroke: 'currentColor', 'stroke-width': '2', 'stroke-linecap': 'round', 'stroke-linejoin': 'round' } as const;
