package live;

import java.util.List;
import java.util.Locale;
import javax.imageio.ImageReader;
import javax.imageio.spi.ImageReaderSpi;
import javax.imageio.spi.ServiceRegistry;

// The JDK's ServiceRegistry.finalize() (run on the "Finalizer" thread once the
// registry is garbage) deregisters every provider, calling the application's
// RegisterableService.onDeregistration. No application class has a finalize().
// A wrong NO found by the second soundness review of issue 15 (regression).
// EXPECT: live -> ENDS exit:0 modes:run jvm:-Xmn400m
public class SoundRegistryFinalize {
    static volatile boolean deregistered;
    static Object sink;
    public static class Provider extends ImageReaderSpi {
        public boolean canDecodeInput(Object source) { return false; }
        public ImageReader createReaderInstance(Object extension) { return null; }
        public String getDescription(Locale locale) { return "test"; }
        @Override public void onDeregistration(ServiceRegistry r, Class<?> category) { deregistered = true; }
    }
    static long run() {
        long n = 0;
        while (!deregistered) {
            int acc = 0;
            for (int k = 0; k < 2000; k++) acc += k ^ 7;
            sink = new byte[16];
            n += acc;
        }
        return n;
    }
    public static void main(String[] args) {
        long t0 = System.currentTimeMillis();
        ServiceRegistry reg = new ServiceRegistry(List.<Class<?>>of(ImageReaderSpi.class).iterator());
        reg.registerServiceProvider(new Provider(), ImageReaderSpi.class);
        reg = null;
        long n = run();
        System.out.println("deregistered after " + (System.currentTimeMillis() - t0) + " ms " + n);
    }
}
