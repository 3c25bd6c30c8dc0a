/**
 * The hydration gate (decision 031): an inline script, right after React Router's scripts, that
 * starts the page's JavaScript once the page has painted its largest picture (the one image with
 * fetchpriority="high": the first banner, the first gallery image, the first card), so on a slow
 * phone connection the picture does not share the line with the scripts. The scripts start at
 * once on a page without such a picture, when the picture fails, on the shopper's first tap or
 * key, and after 3 seconds at the latest.
 *
 * Starting means: the inert modulepreload links (`data-deferred`, see deferred-scripts.server.ts)
 * become real preloads, and the inert module with React Router's bootstrap runs as a module
 * script, with this answer's nonce. Client-side navigations never pass through here.
 */
export const HYDRATION_GATE = `(function(){var d=document,s=0;function go(){if(s)return;s=1;
d.querySelectorAll('link[data-deferred="modulepreload"]').forEach(function(l){var n=d.createElement('link');n.rel='modulepreload';n.href=l.href;d.head.appendChild(n)});
d.querySelectorAll('script[type="text/x-deferred-module"]').forEach(function(o){var m=d.createElement('script');m.type='module';m.nonce=o.nonce;m.textContent=o.textContent;o.after(m)})}
function painted(){requestAnimationFrame(function(){setTimeout(go,0)})}
var i=d.querySelector('img[fetchpriority="high"]');
if(!i)return go();
['pointerdown','keydown','touchstart'].forEach(function(e){addEventListener(e,go,{once:true,capture:true,passive:true})});
setTimeout(go,3000);
if(i.complete)painted();else{i.addEventListener('load',painted);i.addEventListener('error',go)}})()`
