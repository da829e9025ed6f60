// What build.mjs defines for widget.js: the frame's document, with `<!--RECORDING-->` where the
// recording goes.
declare const FRAME: string;
