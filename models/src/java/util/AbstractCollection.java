package java.util;

/**
 * Model of java.util.AbstractCollection: the methods the JDK writes with the
 * iterator, in the same order of calls (equals on the argument, iterator
 * steps). Methods not declared here are the JDK's, called without analysis.
 */
public abstract class AbstractCollection<E> implements Collection<E> {
    protected AbstractCollection() {
    }

    public abstract Iterator<E> iterator();

    public abstract int size();

    public boolean isEmpty() {
        return size() == 0;
    }

    public boolean contains(Object o) {
        Iterator<E> it = iterator();
        if (o == null) {
            while (it.hasNext())
                if (it.next() == null)
                    return true;
        } else {
            while (it.hasNext())
                if (o.equals(it.next()))
                    return true;
        }
        return false;
    }

    public Object[] toArray() {
        Object[] r = new Object[size()];
        Iterator<E> it = iterator();
        for (int i = 0; i < r.length; i++) {
            if (!it.hasNext()) {
                Object[] fewer = new Object[i];
                for (int k = 0; k < i; k++)
                    fewer[k] = r[k];
                return fewer;
            }
            r[i] = it.next();
        }
        while (it.hasNext()) {
            Object[] more = new Object[r.length + 1];
            for (int k = 0; k < r.length; k++)
                more[k] = r[k];
            more[r.length] = it.next();
            r = more;
        }
        return r;
    }

    public boolean add(E e) {
        throw new UnsupportedOperationException();
    }

    public boolean addAll(Collection<? extends E> c) {
        boolean modified = false;
        for (E e : c)
            if (add(e))
                modified = true;
        return modified;
    }

    // The JDK's methods, not analysed (a call havocs what its arguments
    // reach). Declared here so that no call resolves to Object's model or to
    // an abstract interface method.
    public native <T> T[] toArray(T[] a);

    public native boolean remove(Object o);

    public native boolean containsAll(Collection<?> c);

    public native boolean removeAll(Collection<?> c);

    public native boolean retainAll(Collection<?> c);

    public native void clear();

    public native String toString();
}
