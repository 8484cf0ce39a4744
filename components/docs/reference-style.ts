// The reference page's whole stylesheet (the console's colours, system fonts, no download): light,
// and dark where the reader's system prefers it (the page has no script to read the console's own
// choice). Text wraps everywhere; what cannot (tables, code) scrolls inside its own box, so a phone
// never scrolls the page sideways. Every pair of colours keeps WCAG AA contrast (4.5:1) in both.
export const REFERENCE_STYLE = `
*{box-sizing:border-box}body{margin:0;background:#f8fafc;color:#0f172a;font:14px/1.5 ui-sans-serif,system-ui,sans-serif}
code,pre,.t{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:.85em}
p code,td code,li>span code,h4 code{background:#f1f5f9;border-radius:4px;padding:1px 4px}
a{color:inherit}.w{display:flex;gap:32px;max-width:1280px;margin:0 auto;padding:32px 16px}
nav{position:sticky;top:32px;width:256px;flex-shrink:0;height:calc(100vh - 64px);overflow-y:auto;font-size:13px}
nav ul{list-style:none;margin:4px 0 20px;padding:0}nav li a{display:flex;gap:8px;align-items:center;padding:2px 0;color:#475569;text-decoration:none}nav li span+span{white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
nav li a:hover{color:#0f172a}.tg{display:block;margin:0 0 4px;font-weight:600;text-decoration:none}.tg+.tg{margin-top:12px}main{flex:1;min-width:0;overflow-wrap:anywhere}.tw td{overflow-wrap:break-word}
h1{font-size:30px;margin:0 0 8px}h2{font-size:24px;margin:32px 0 4px}h3{font-size:18px;margin:8px 0 4px}
h2:first-child{margin-top:0}h4{margin:16px 0 4px;font-size:12px;text-transform:uppercase;letter-spacing:.05em;color:#475569}
.q{color:#475569}.q code{color:#334155}.op{background:#fff;border:1px solid #e2e8f0;border-radius:8px;padding:20px;margin:16px 0;box-shadow:0 1px 2px #0000000d;scroll-margin-top:16px}
.oh{display:flex;flex-wrap:wrap;gap:12px;align-items:center}.p{font-weight:600;font-size:14px}
.sc{margin-left:auto;border:1px solid #e2e8f0;border-radius:999px;padding:1px 8px;font-size:12px;color:#475569}
.m{display:inline-block;width:56px;flex-shrink:0;border-radius:4px;padding:1px 0;text-align:center;font:700 11px ui-monospace,monospace;background:#f1f5f9}
.get{background:#e0f2fe;color:#075985}.post{background:#d1fae5;color:#065f46}.patch,.put{background:#fef3c7;color:#92400e}.delete{background:#ffe4e6;color:#9f1239}
table{width:100%;border-collapse:collapse;text-align:left;font-size:13px}th{font-size:11px;text-transform:uppercase;color:#475569;font-weight:500;border-bottom:1px solid #e2e8f0;padding:4px 16px 4px 0}
td{border-bottom:1px solid #f1f5f9;padding:4px 16px 4px 0;vertical-align:top}td:first-child{white-space:nowrap}.t{color:#475569;max-width:256px;word-break:break-word}
.rs{list-style:none;padding:0;margin:0}.rs>li{padding:6px 0;border-bottom:1px solid #f1f5f9}.s{display:inline-block;width:44px;font:700 13px ui-monospace,monospace;color:#047857}.s.e{color:#be123c}
.ec{background:#fff1f2;color:#9f1239;border-radius:4px;padding:1px 6px;margin-right:2px}.md{margin-left:48px}
pre{background:#0f172a;color:#f1f5f9;padding:12px;border-radius:6px;overflow-x:auto;overflow-wrap:normal}
.tw{overflow-x:auto;max-width:100%}td code{overflow-wrap:normal}
pre:focus-visible,.tw:focus-visible,a:focus-visible{outline:2px solid #4f46e5;outline-offset:2px}
@media (max-width:1023px){nav{display:none}}
@media (max-width:639px){.w{padding:16px 12px}.op{padding:14px}.md{margin-left:0}.sc{margin-left:0}td{padding-right:10px}h1{font-size:24px}h2{font-size:20px}}
@media (prefers-color-scheme:dark){
body{background:#020617;color:#e2e8f0}.op{background:#0f172a;border-color:#1e293b;box-shadow:none}
p code,td code,li>span code,h4 code{background:#1e293b;color:#e2e8f0}.q,.q code,h4,th,.t,.sc,nav li a{color:#94a3b8}nav li a:hover{color:#f1f5f9}
.sc{border-color:#334155}th{border-color:#334155}td,.rs>li{border-color:#1e293b}.m{background:#1e293b}
.get{background:#082f49;color:#7dd3fc}.post{background:#022c22;color:#6ee7b7}.patch,.put{background:#451a03;color:#fcd34d}.delete{background:#4c0519;color:#fda4af}
.s{color:#34d399}.s.e{color:#fb7185}.ec{background:#4c0519;color:#fecdd3}pre{background:#020617;border:1px solid #1e293b}a{color:#c7d2fe}
}
`.replace(/\n/g, "");
