package java.util;

/**
 * Model of java.util.AbstractMap: the constructor and the view fields
 * HashMap caches its views in; every other method is the JDK's, not
 * analysed (declared native so that no call resolves to Object's model).
 */
public abstract class AbstractMap<K, V> implements Map<K, V> {
    transient Set<K> keySet;
    transient Collection<V> values;

    protected AbstractMap() {
    }

    public abstract Set<Map.Entry<K, V>> entrySet();

    public native int size();

    public native boolean isEmpty();

    public native boolean containsValue(Object value);

    public native boolean containsKey(Object key);

    public native V get(Object key);

    public native V put(K key, V value);

    public native V remove(Object key);

    public native void putAll(Map<? extends K, ? extends V> m);

    public native void clear();

    public native Set<K> keySet();

    public native Collection<V> values();

    public native boolean equals(Object o);

    public native int hashCode();

    public native String toString();

    protected native Object clone() throws CloneNotSupportedException;
}
