// The reference page's whole stylesheet (the console's colours, system fonts, no download).
export const REFERENCE_STYLE = `
*{box-sizing:border-box}body{margin:0;background:#f8fafc;color:#0f172a;font:14px/1.5 ui-sans-serif,system-ui,sans-serif}
code,pre,.t{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:.85em}
p code,td code,li>span code,h4 code{background:#f1f5f9;border-radius:4px;padding:1px 4px}
a{color:inherit}.w{display:flex;gap:32px;max-width:1280px;margin:0 auto;padding:32px 16px}
nav{position:sticky;top:32px;width:256px;flex-shrink:0;height:calc(100vh - 64px);overflow-y:auto;font-size:13px}
nav ul{list-style:none;margin:8px 0 20px;padding:0}nav li a{display:flex;gap:8px;align-items:center;padding:2px 0;color:#475569;text-decoration:none}nav li span+span{white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
nav li a:hover{color:#0f172a}.tg{font-weight:600;text-decoration:none}main{flex:1;min-width:0}
h1{font-size:30px;margin:0 0 8px}h2{font-size:24px;margin:32px 0 4px}h3{font-size:18px;margin:8px 0 4px}
h2:first-child{margin-top:0}h4{margin:16px 0 4px;font-size:12px;text-transform:uppercase;letter-spacing:.05em;color:#64748b}
.q{color:#64748b}.op{background:#fff;border:1px solid #e2e8f0;border-radius:8px;padding:20px;margin:16px 0;box-shadow:0 1px 2px #0000000d;scroll-margin-top:16px}
.oh{display:flex;flex-wrap:wrap;gap:12px;align-items:center}.p{font-weight:600;font-size:14px}
.sc{margin-left:auto;border:1px solid #e2e8f0;border-radius:999px;padding:1px 8px;font-size:12px;color:#475569}
.m{display:inline-block;width:56px;flex-shrink:0;border-radius:4px;padding:1px 0;text-align:center;font:700 11px ui-monospace,monospace;background:#f1f5f9}
.get{background:#e0f2fe;color:#075985}.post{background:#d1fae5;color:#065f46}.patch,.put{background:#fef3c7;color:#92400e}.delete{background:#ffe4e6;color:#9f1239}
table{width:100%;border-collapse:collapse;text-align:left;font-size:13px}th{font-size:11px;text-transform:uppercase;color:#64748b;font-weight:500;border-bottom:1px solid #e2e8f0;padding:4px 16px 4px 0}
td{border-bottom:1px solid #f1f5f9;padding:4px 16px 4px 0;vertical-align:top}td:first-child{white-space:nowrap}.t{color:#475569;max-width:256px;word-break:break-word}
.rs{list-style:none;padding:0;margin:0}.rs>li{padding:6px 0;border-bottom:1px solid #f1f5f9}.s{display:inline-block;width:44px;font:700 13px ui-monospace,monospace;color:#047857}.s.e{color:#be123c}
.ec{background:#fff1f2;color:#9f1239;border-radius:4px;padding:1px 6px;margin-right:2px}.md{margin-left:48px}
pre{background:#0f172a;color:#f1f5f9;padding:12px;border-radius:6px;overflow-x:auto}
@media (max-width:1023px){nav{display:none}}
`.replace(/\n/g, "");
