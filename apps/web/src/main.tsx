import { boot } from './app/boot';
import { registerServiceWorker } from './lib/service-worker';
import './app/global.css';

const root = document.getElementById('root');
if (root) {
  boot(root).catch((error: unknown) => {
    console.error(error);
    // Nothing is translated yet when boot fails, so say it in every interface language.
    root.textContent = '加载失败，请刷新页面。 · Loading failed, please reload. · Error de carga, recargue la página. · فشل التحميل، يرجى إعادة تحميل الصفحة.';
  });
}
registerServiceWorker();
